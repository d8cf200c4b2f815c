/** A state file that cannot be used; the message is one line and says the file was left as it is. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}
