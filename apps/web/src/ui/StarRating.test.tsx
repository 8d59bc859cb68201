import { loyaltyProgress } from '@salondesk/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './StarRating';

describe('StarRating', () => {
  it('draws one slot per point of a threshold of 50, wrapping, with the points filled', () => {
    const progress = loyaltyProgress(30, 50);
    if (!progress.ok) throw new Error('valid points');
    render(<StarRating filled={progress.value.stars} slots={progress.value.slots} label="30 of 50 points, 60%" />);
    const stars = screen.getByRole('img', { name: '30 of 50 points, 60%' });
    const drawn = stars.querySelectorAll('svg');
    expect(drawn).toHaveLength(50);
    expect([...drawn].filter((s) => s.getAttribute('class')?.includes('fill-amber-400'))).toHaveLength(30);
    expect(stars.className).toContain('flex-wrap');
    expect(drawn[0]?.getAttribute('class')).toContain('size-3');
  });
});
