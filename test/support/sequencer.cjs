// Longest test files first, so the run does not end waiting on one slow file that started late. Jest's own order
// uses the durations it saw in earlier runs on this machine; a fresh clone has none, and jest would fall back to
// file size, which puts a short file full of table rows before the Next.js build. Here, a file with no recorded
// duration gets an estimate from what kind of test it is.
const { default: TestSequencer } = require("@jest/test-sequencer");

/** Seconds a file of each kind usually takes on a two-core machine (rough: only the order matters). */
const ESTIMATES = [
  [/\/test\/nextjs\//, 120],
  [/\/test\/e2e\//, 20],
  [/\/test\/testing\/browser/, 8],
  [/fuzz/, 30],
  [/\/test\/conformance\/(official-sdk|latchkey-as-official)\./, 25],
  [/\/test\/(package|types)\//, 15],
  [/\/test\/react\//, 3],
  [/\/test\/(emulator|integration|conformance|surface|demo)\//, 1],
];

class LongestFirstSequencer extends TestSequencer {
  time(test) {
    const recorded = super.time(test);
    if (recorded != null) return recorded;
    const estimate = ESTIMATES.find(([pattern]) => pattern.test(test.path))?.[1] ?? 0.5;
    // Within a kind, the bigger file first (jest's own fallback).
    return estimate * 1000 + (test.context.hasteFS.getSize(test.path) ?? 0) / 100;
  }
}

module.exports = LongestFirstSequencer;
