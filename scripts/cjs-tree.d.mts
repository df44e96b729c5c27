/** Builds dist/sdk.cjs, dist/sdk-react.cjs, dist/sdk-lazy.cjs and the two entries from src/ under `root`; resolves to the module count. */
export function buildCommonJsTree(root: string): Promise<number>;
/** Checks that each `import("./browser/…")` of the CommonJS files in `dist` names a data-only file of dist/browser. */
export function checkDataImports(dist: string): Promise<void>;
/** The CommonJS files of the SDK: a module belongs to the first whose seed's static closure holds it. */
export const CJS_FILES: { file: string; seed?: string }[];
