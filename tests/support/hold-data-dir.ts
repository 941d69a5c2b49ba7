// A second process for the lock tests: takes the data directory's lock, says so, and holds it until killed.
import { lockDataDir } from '../../src/server/db/data-dir-lock';

await lockDataDir(process.argv[2]!);
process.stdout.write('locked\n');
setInterval(() => undefined, 60_000);
