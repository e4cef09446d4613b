/** Drafts in session storage (src/components/forms/useDraft.ts): only known string fields come back. */
import { describe, it, expect } from 'vitest';
import { readDraft, writeDraft } from '../../../../src/components/forms/useDraft';

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

const empty = { name: '', email: '' };

describe('drafts', () => {
  it('round-trips values and the pending row id', () => {
    const storage = new MemoryStorage();
    writeDraft('careers', empty, { values: { name: 'Ada', email: 'a@b.co' }, rowId: 'id-1' }, storage);
    expect(readDraft('careers', empty, storage)).toEqual({ values: { name: 'Ada', email: 'a@b.co' }, rowId: 'id-1' });
  });
  it('removes the entry when the form is back to empty', () => {
    const storage = new MemoryStorage();
    writeDraft('careers', empty, { values: { name: 'Ada', email: '' }, rowId: null }, storage);
    writeDraft('careers', empty, { values: { ...empty }, rowId: null }, storage);
    expect(storage.length).toBe(0);
  });
  it('ignores unknown fields, non-strings and broken JSON', () => {
    const storage = new MemoryStorage();
    storage.setItem('form-draft:careers', JSON.stringify({ values: { name: 42, email: 'a@b.co', isAdmin: 'yes' }, rowId: {} }));
    expect(readDraft('careers', empty, storage)).toEqual({ values: { name: '', email: 'a@b.co' }, rowId: null });
    storage.setItem('form-draft:careers', '{not json');
    expect(readDraft('careers', empty, storage)).toBeNull();
  });
  it('survives a storage that throws (private mode, quota)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    } as unknown as Storage;
    expect(readDraft('careers', empty, broken)).toBeNull();
    expect(() => writeDraft('careers', empty, { values: { name: 'A', email: '' }, rowId: null }, broken)).not.toThrow();
  });
});
