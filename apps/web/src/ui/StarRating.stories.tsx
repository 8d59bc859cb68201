import type { Story } from '@ladle/react';
import { StarRating } from './StarRating';

export const Progress: Story = () => <StarRating filled={4} slots={10} label="4 of 10 points, 40%" />;

/** A threshold of 50 (spec 001 §9: the threshold sets the number of slots): smaller stars on rows. */
export const FiftySlots: Story = () => (
  <div className="w-64">
    <StarRating filled={30} slots={50} label="30 of 50 points, 60%" />
  </div>
);
