/** Ends a command with a message for the person who ran it (exit code 2: the command was used wrongly). */
export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
