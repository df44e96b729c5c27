/**
 * The conformance scenarios (./scenarios.ts) with `@stackframe/js` resolved to latchkey's public entry point.
 * Nothing else changes: the scenarios and the harness still `import … from "@stackframe/js"`, as an app written for
 * the official SDK does after switching its import to latchkey.
 */
jest.mock("@stackframe/js", () => jest.requireActual("../../src/index"));

import "./scenarios";
