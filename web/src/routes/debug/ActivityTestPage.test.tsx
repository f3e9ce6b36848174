import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render.tsx';

describe('/activity-test', () => {
  it('previews the activity feed with labelled examples, without signing in', async () => {
    renderApp('/activity-test');
    expect(
      await screen.findByText(/Example activities — this page previews the activity feed component/),
    ).toBeTruthy();
    expect(screen.getByText('How we validated our idea with 40 customer interviews')).toBeTruthy();
    expect(screen.getByText('r/startups')).toBeTruthy();
    expect(screen.getByText('Just now')).toBeTruthy();
    expect(screen.getByText('5h ago')).toBeTruthy();
    expect(screen.getByText('3d ago')).toBeTruthy();
    expect(screen.getByText('Getting Started')).toBeTruthy();
  });
});
