/** A Storage in memory for the forms' unit tests; `broken` throws on reads and writes, as a disabled storage does. */
export function memoryStorage(broken = false): Storage {
  const items = new Map<string, string>();
  const guard = () => {
    if (broken) throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => (guard(), items.get(key) ?? null),
    setItem: (key, value) => (guard(), void items.set(key, String(value))),
    removeItem: (key) => void items.delete(key),
  };
}
