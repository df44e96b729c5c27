import * as ts from "typescript";

/**
 * The compiler options the surface and type-level tests check with: strict, bundler resolution, DOM and Node types
 * (as an app would compile), no output.
 */
export const CHECK_OPTIONS: ts.CompilerOptions = {
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: ["node"],
};
