// A vitest reporter that writes why files failed outside their tests: vitest's JSON report
// marks such a file failed with an empty message when the error is a describe block's hook
// (a beforeAll or afterAll that threw or timed out), and leaves unhandled errors out. The
// file named by VITEST_FAILURE_REASONS gets { files: { [path]: [message] }, unhandled: [message] }.
import { writeFileSync } from 'node:fs';

const messageOf = (error) =>
  `${error?.name && error.name !== 'Error' ? `${error.name}: ` : ''}${error?.message ?? error}`;

export default class FailureReasons {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.VITEST_FAILURE_REASONS;
    if (!file) return;
    const files = {};
    for (const module of testModules) {
      const errors = [...module.errors(), ...[...module.children.allSuites()].flatMap((suite) => suite.errors())];
      if (errors.length > 0) files[module.moduleId] = errors.map(messageOf);
    }
    writeFileSync(file, `${JSON.stringify({ files, unhandled: unhandledErrors.map(messageOf) }, null, 2)}\n`);
  }
}
