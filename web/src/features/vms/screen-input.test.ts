import { describe, expect, it } from 'vitest';
import { VMS } from '@cofounder/shared';
import { keyInput, machinePoint } from './screen-input.ts';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) =>
  keyInput({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('take control: what the founder’s pointer and keys mean on the machine', () => {
  it('scales a point on the shown screen to the machine’s pixels, inside the screen', () => {
    const rect = { left: 100, top: 50, width: 640, height: 400 };
    expect(machinePoint(100, 50, rect)).toEqual({ x: 0, y: 0 });
    expect(machinePoint(420, 250, rect)).toEqual({ x: 640, y: 400 });
    expect(machinePoint(2000, 2000, rect)).toEqual({ x: VMS.viewport.width - 1, y: VMS.viewport.height - 1 });
    expect(machinePoint(0, 0, rect)).toEqual({ x: 0, y: 0 });
  });

  it('types characters, presses named keys and chords, and keeps Escape and lone modifiers on the page', () => {
    expect(key('a')).toEqual({ kind: 'type', text: 'a' });
    expect(key('A', { shiftKey: true })).toEqual({ kind: 'type', text: 'A' });
    expect(key(' ')).toEqual({ kind: 'type', text: ' ' });
    expect(key('Enter')).toEqual({ kind: 'key', keys: 'Enter' });
    expect(key('Tab', { shiftKey: true })).toEqual({ kind: 'key', keys: 'Shift+Tab' });
    expect(key('a', { ctrlKey: true })).toEqual({ kind: 'key', keys: 'Control+a' });
    expect(key('ArrowLeft', { altKey: true })).toEqual({ kind: 'key', keys: 'Alt+ArrowLeft' });
    expect(key('Escape')).toBeNull();
    expect(key('Shift', { shiftKey: true })).toBeNull();
    expect(key('F5')).toBeNull();
    expect(key('/', { ctrlKey: true })).toBeNull();
  });
});
