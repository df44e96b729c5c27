/** Builds dist/browser (one ES module per source module) from src/ under `root`; resolves to the module count. */
export function buildBrowserTree(root: string): Promise<number>;
