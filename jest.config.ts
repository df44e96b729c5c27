/** @jest-config-loader esbuild-register */
import type { Config } from "jest";

// jose, oauth4webapi, @simplewebauthn and @oslojs ship ESM only; swc turns them (and our TypeScript) into CommonJS for jest.
const esmOnly = ["jose", "oauth4webapi", "@simplewebauthn", "@oslojs"];

const config: Config = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: {
    "^.+\\.(t|j|mj)sx?$": [
      "@swc/jest",
      {
        jsc: { parser: { syntax: "typescript", tsx: true }, target: "es2022", transform: { react: { runtime: "automatic" } } },
        module: { type: "commonjs" },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join("|")})/)`],
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "cjs", "json"],
  testTimeout: 30000,
  reporters: ["default", "<rootDir>/test/support/summary-reporter.cjs"],
  globalSetup: "<rootDir>/test/support/global-setup.cjs",
};

export default config;
