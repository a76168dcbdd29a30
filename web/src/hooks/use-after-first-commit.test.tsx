import { render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstCommit } from './use-after-first-commit';

describe('useAfterFirstCommit', () => {
  it('is false in the first commit and true in the next one, for good', async () => {
    const commits: boolean[] = [];
    function Probe() {
      const after = useAfterFirstCommit();
      useLayoutEffect(() => {
        commits.push(after);
      });
      return after ? <p>the rest</p> : null;
    }
    const { rerender } = render(<Probe />);
    await screen.findByText('the rest');
    rerender(<Probe />);
    await waitFor(() => expect(commits).toEqual([false, true, true]));
  });
});
