import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import FileOrder from './tests/support/file-order.ts';

// The tests' configuration on top of the build's (vite.config.ts), which never reads anything under tests/.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['tests/**/*.test.{ts,tsx}'],
      reporters: ['default', './tests/summary-reporter.ts'],
      globalSetup: ['./tests/support/global-setup.ts'],
      // Test files share one worker's modules: each file keeps its state in the server, database and browser it starts
      // (faked clocks are restored), and importing the server afresh for every file cost some 2.5 s a file.
      isolate: false,
      // Two files at a time: the machine is then busy nearly all the time (one browser file leaves a core a third idle,
      // a server file waits on timers and back-off windows). Tests wait for what a visitor ends up seeing, so they hold
      // under that load (docs/testing.md).
      maxWorkers: 2,
      sequence: { sequencer: FileOrder },
      // Browser tests drive a real Chromium; a step can take seconds on a loaded two-core machine.
      testTimeout: 30_000,
      // What a test polls for (a focus, an enabled button after its code loads) must happen, but on a loaded machine
      // not always within Vitest's default second.
      expect: { poll: { timeout: 10_000 } },
      hookTimeout: 60_000,
    },
  }),
);
