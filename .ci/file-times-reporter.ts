import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Appends each test file's time to TEST_TIMES_FILE as `project<TAB>seconds<TAB>file`: its import,
 * setup, hooks and tests (vitest.config.ts adds this reporter when the variable is set; `.ci/run`
 * prints the slowest files at the end, docs/operations.md "Test suite time").
 */
export default class FileTimesReporter implements Reporter {
  onTestModuleEnd(testModule: TestModule) {
    const { environmentSetupDuration, prepareDuration, setupDuration, collectDuration, duration } = testModule.diagnostic();
    const seconds = (environmentSetupDuration + prepareDuration + setupDuration + collectDuration + duration) / 1000;
    fs.appendFileSync(process.env.TEST_TIMES_FILE!, `${testModule.project.name}\t${seconds.toFixed(1)}\t${testModule.relativeModuleId}\n`);
  }
}
