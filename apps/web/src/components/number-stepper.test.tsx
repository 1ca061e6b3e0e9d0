import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { capParty, guestsParam, partyFromGuests } from '@/lib/party';
import { NumberStepper } from './number-stepper';

function Counter({ start, min, max }: { start: number; min: number; max: number }) {
  const [value, setValue] = useState(start);
  return <NumberStepper label="Voyageurs" value={value} min={min} max={max} onChange={setValue} />;
}

describe('number stepper (issue 26)', () => {
  it('counts within its bounds, each button off at its end', async () => {
    const user = userEvent.setup();
    render(<Counter start={1} min={1} max={3} />);
    const group = screen.getByRole('group', { name: 'Voyageurs' });
    const less = screen.getByRole('button', { name: 'Un de moins : Voyageurs' });
    const more = screen.getByRole('button', { name: 'Un de plus : Voyageurs' });
    expect(group).toContainElement(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveTextContent('1');
    expect(less).toBeDisabled();
    await user.click(more);
    await user.click(more);
    expect(screen.getByRole('status')).toHaveTextContent('3');
    expect(more).toBeDisabled();
    expect(less).toBeEnabled();
    await user.click(less);
    expect(screen.getByRole('status')).toHaveTextContent('2');
  });

  it('brings a value given out of bounds back within them on the next step', async () => {
    const user = userEvent.setup();
    render(<Counter start={9} min={1} max={4} />);
    await user.click(screen.getByRole('button', { name: 'Un de moins : Voyageurs' }));
    expect(screen.getByRole('status')).toHaveTextContent('4');
  });
});

describe('party helpers', () => {
  it('reads guests from an address within 1–30, nothing else', () => {
    expect(guestsParam('3')).toBe(3);
    expect(guestsParam('0')).toBe(1);
    expect(guestsParam('99')).toBe(30);
    expect(guestsParam('2.5')).toBeNull();
    expect(guestsParam('-1')).toBeNull();
    expect(guestsParam(null)).toBeNull();
    expect(partyFromGuests(null)).toEqual({ adults: 1, children: 0 });
    expect(partyFromGuests(4)).toEqual({ adults: 4, children: 0 });
  });

  it('keeps a party within a capacity, one adult at least', () => {
    expect(capParty({ adults: 3, children: 0 }, 2)).toEqual({ adults: 2, children: 0 });
    expect(capParty({ adults: 2, children: 2 }, 3)).toEqual({ adults: 2, children: 1 });
    expect(capParty({ adults: 0, children: 1 }, 2)).toEqual({ adults: 1, children: 1 });
    expect(capParty({ adults: 2, children: 1 }, 4)).toEqual({ adults: 2, children: 1 });
  });
});
