// Prints one plain closing line, "tests: N passed, N failed", after jest's own summary,
// so any CI log reader can count the run without knowing jest's format.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failedSuites = results.numRuntimeErrorTestSuites;
    console.log(
      `\ntests: ${results.numPassedTests} passed, ${results.numFailedTests + failedSuites} failed` +
        (skipped ? `, ${skipped} skipped` : ""),
    );
  }
}
module.exports = SummaryReporter;
