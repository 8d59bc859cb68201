import { describe, expect, it } from 'vitest';
import { categoryExists, MESSAGES, schedulePublishedFor, staffSchedulesCleared } from './messages';

describe('message catalogue', () => {
  it('keeps the product wording, typos included', () => {
    expect(MESSAGES.noBusinessPermission).toBe('You do not have permission to access this busines information.');
    expect(MESSAGES.loggedIn).toBe('Sucessfully Logged In');
    expect(MESSAGES.failedToFetchPaymentTransactions).toBe('Failed to fetch payment ransactions!');
    expect(MESSAGES.pleaseLogIn).toBe('Please log in to continue.');
    expect(MESSAGES.requestFailed).toBe('Ooops Something went wrong');
    expect(MESSAGES.couldntPublishSchedules).toBe("Couldn't Publish Schedules");
  });

  it('has no two keys for the same message', () => {
    const values = Object.values(MESSAGES);
    expect(new Set(values).size).toBe(values.length);
  });

  it('words the templated messages', () => {
    expect(categoryExists('Hair')).toBe('Category Hair already exists');
    expect(schedulePublishedFor(28)).toBe('Schedule published for the next 4 weeks');
    expect(schedulePublishedFor(7)).toBe('Schedule published for the next 1 week');
    expect(schedulePublishedFor(10)).toBe('Schedule published for the next 10 days');
    expect(schedulePublishedFor(1)).toBe('Schedule published for the next 1 day');
    expect(staffSchedulesCleared('Ana Ruiz', 12)).toBe('Cleared 12 shifts for Ana Ruiz.');
    expect(staffSchedulesCleared('Ana Ruiz', 1)).toBe('Cleared 1 shift for Ana Ruiz.');
    expect(staffSchedulesCleared('Ana Ruiz', 0)).toBe('No shifts to clear for Ana Ruiz.');
  });
});
