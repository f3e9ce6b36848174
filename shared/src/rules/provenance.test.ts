import { describe, expect, it } from 'vitest';
import { OFFLINE_PRODUCER, isOfflineDraft, outcomeOf } from './provenance.ts';

describe('provenance', () => {
  it('treats only the offline co-founder\'s work as an offline draft that needs the founder\'s input', () => {
    expect(isOfflineDraft(OFFLINE_PRODUCER)).toBe(true);
    expect(outcomeOf(OFFLINE_PRODUCER)).toBe('needs_input');
    expect(isOfflineDraft('gpt-4o-mini')).toBe(false);
    expect(outcomeOf('gpt-4o-mini')).toBe('achieved');
    expect(isOfflineDraft(null)).toBe(false);
    expect(isOfflineDraft(undefined)).toBe(false);
  });
});
