/** @jest-config-loader esbuild-register */
import type { Config } from "jest";
import { availableParallelism } from "node:os";

// jose, oauth4webapi, @simplewebauthn and @oslojs ship ESM only; swc turns them (and our TypeScript) into CommonJS for jest.
const esmOnly = ["jose", "oauth4webapi", "@simplewebauthn", "@oslojs"];

type ProjectConfig = Exclude<NonNullable<Config["projects"]>[number], string>;

// Options every project shares (jest does not pass top-level project options down into `projects`).
const shared: ProjectConfig = {
  rootDir: __dirname,
  testEnvironment: "<rootDir>/test/support/node-env.cjs",
  roots: ["<rootDir>/test"],
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
};

// React 18, installed by the npm workspace test/react18: the React tests run a second time against it.
const react18 = "<rootDir>/test/react18/node_modules";
// The React major each project must render with (test/react/react-version.test.tsx checks it).
const major = (range: string) => range.replace(/^\D*/, "").split(".")[0];
const reactMajor = major(require("./package.json").devDependencies.react);
const react18Major = major(require("./test/react18/package.json").dependencies.react);

const config: Config = {
  testTimeout: 30000,
  // Most files wait on sockets, timers, child processes and a browser more than they compute: one worker per core
  // plus one keeps both cores of a small machine busy (jest's default, cores - 1, runs a two-core machine in band).
  maxWorkers: Math.max(3, availableParallelism() + 1),
  // A worker's heap grows by a few MB with every file it runs (jest's module registries outlive their files), and
  // a worker with a heap past 1 GB takes longer than jest's half second to exit ("a worker process has failed to
  // exit gracefully"). Past 700 MB after a file, jest starts the worker afresh: the whole run got 3% faster.
  workerIdleMemoryLimit: "700MB",
  testSequencer: "<rootDir>/test/support/sequencer.cjs",
  reporters: ["default", "<rootDir>/test/support/summary-reporter.cjs"],
  globalSetup: "<rootDir>/test/support/global-setup.cjs",
  globalTeardown: "<rootDir>/test/support/global-teardown.cjs",
  projects: [
    // Every test, with the React of the root (19).
    { ...shared, displayName: "main", testMatch: ["**/*.test.ts", "**/*.test.tsx"], globals: { expectedReactMajor: reactMajor } },
    // The React tests again, with react and react-dom mapped to React 18.
    {
      ...shared,
      displayName: "react18",
      globals: { expectedReactMajor: react18Major },
      testMatch: ["<rootDir>/test/react/**/*.test.ts", "<rootDir>/test/react/**/*.test.tsx"],
      moduleNameMapper: {
        "^react$": `${react18}/react`,
        "^react/(.*)$": `${react18}/react/$1`,
        "^react-dom$": `${react18}/react-dom`,
        "^react-dom/(.*)$": `${react18}/react-dom/$1`,
      },
    },
  ],
};

export default config;
