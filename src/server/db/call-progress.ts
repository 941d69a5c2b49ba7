/**
 * Whether database calls still complete: a call that ran past its deadline more recently than any call completed
 * means the database has stopped answering (a stuck embedded engine, a server that accepts but never replies).
 * An answer that is an error still counts as completing: the database is there to say no.
 */
export class CallProgress {
  #lastCompleted = 0;
  #lastTimedOut = 0;

  completed(now = Date.now()) {
    this.#lastCompleted = now;
  }

  timedOut(now = Date.now()) {
    this.#lastTimedOut = now;
  }

  get stalled(): boolean {
    return this.#lastTimedOut > this.#lastCompleted;
  }
}
