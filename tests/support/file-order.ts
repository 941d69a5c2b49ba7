import { BaseSequencer, type TestSpecification } from 'vitest/node';

const tierOf = (file: TestSpecification) => /\/tests\/(browser|server|unit)\//.exec(file.moduleId)?.[1];

/**
 * The order the two workers take files in. Within a tier Vitest's own order (longest first when it has timed a run,
 * else larger files first); then browser and server files by turns, so one worker drives a Chromium while the other
 * runs servers rather than both driving browsers; unit files last, short enough to even out the end of the run.
 * In a fresh clone Vitest's size order left a slow small browser file running alone for its last half minute.
 */
export default class FileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((file) => tierOf(file) === 'browser');
    const server = sorted.filter((file) => tierOf(file) === 'server');
    const rest = sorted.filter((file) => tierOf(file) !== 'browser' && tierOf(file) !== 'server');
    const byTurns = Array.from({ length: Math.max(browser.length, server.length) }, (_, i) => [browser[i], server[i]]).flat();
    return [...byTurns.filter((file) => file !== undefined), ...rest];
  }
}
