import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

describe('TextField', () => {
  it('is named by its label and described by its hint and error', () => {
    render(<TextField label="Username or email" hint="As given by your business" error="Enter your username or email" />);
    const input = screen.getByLabelText('Username or email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toEqual(['As given by your business', 'Enter your username or email']);
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="Password" type="password" />);
    expect(screen.getByLabelText('Password').hasAttribute('aria-invalid')).toBe(false);
  });
});
