/**
 * Group commit: items that arrive while a batch is being written wait and are written together, by one call of
 * write, which answers each item's result in the order given. Under load a request then costs a share of one round
 * trip and one commit instead of its own; when the database is idle an item is written at the end of the event loop
 * turn it arrived in. One batch of at most maxBatch items is written at a time, so a flood makes more statements, not
 * one that grows with it. When write fails, every item of its batch is rejected with that error.
 */
export function createGroupCommit<Item, Result>(write: (items: Item[]) => Promise<Result[]>, maxBatch = 256) {
  const waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  let writing = false;

  async function writeBatch(batch: typeof waiting) {
    try {
      const results = await write(batch.map((entry) => entry.item));
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
      results.forEach((result, i) => batch[i]?.resolve(result));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }

  async function drain() {
    while (waiting.length) {
      await writeBatch(waiting.splice(0, maxBatch));
    }
    writing = false;
  }

  return function commit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      // Items of the same turn of the event loop go in one batch; later ones wait for it to be written.
      if (!writing) {
        writing = true;
        setImmediate(() => void drain());
      }
    });
  };
}
