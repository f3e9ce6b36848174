// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useTranscribedDraft } from './use-transcribed-draft.ts';

afterEach(cleanup);

describe('useTranscribedDraft', () => {
  it('appends transcripts and is local from a local one until the box is emptied', () => {
    const { result } = renderHook(() => useTranscribedDraft());
    act(() => result.current.setDraft('Note:'));
    act(() => result.current.addTranscript('call the bank', { local: false }));
    expect(result.current).toMatchObject({ draft: 'Note: call the bank', localTranscript: false });

    act(() => result.current.addTranscript('and the lawyer', { local: true }));
    expect(result.current).toMatchObject({
      draft: 'Note: call the bank and the lawyer',
      localTranscript: true,
    });
    act(() => result.current.setDraft('Note: call the bank and the lawyer today'));
    expect(result.current.localTranscript).toBe(true);

    // Sent (the owner clears the box) or cleared by hand: the label goes, and typed text does not bring it back.
    act(() => result.current.setDraft(''));
    expect(result.current.localTranscript).toBe(false);
    act(() => result.current.setDraft('typed'));
    expect(result.current.localTranscript).toBe(false);
  });
});
