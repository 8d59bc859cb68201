import type { Story } from '@ladle/react';
import { StarRating } from './StarRating';

export const Progress: Story = () => <StarRating filled={4} slots={10} label="4 of 10 points, 40%" />;
