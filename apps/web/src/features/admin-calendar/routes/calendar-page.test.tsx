import { addDays, type Block, type Calendar, type CalendarConflict, type Timeline, type TimelineBooking } from '@roomweek/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminBooking, adminRoom, LOAD, mockAdminApi, PROPERTY_A } from '@/features/admin-shell/test/admin-fixtures';
import { admin } from '../../../../test/fixtures';
import { atFixedTime } from '../../../../test/fake-clock';
import { renderApp } from '../../../../test/render-app';

// Wednesday 3 April 2030 in Brussels: the timeline opens on Monday 1 April, for four weeks.
const NOW = new Date('2030-04-03T09:00:00Z');
const MONDAY = '2030-04-01';
const ROOMS = 500;

const propertyId = (p: number) => `aaaaaaaa-0000-4000-8000-${String(p).padStart(12, '0')}`;
const roomId = (r: number) => `bbbbbbbb-0000-4000-8000-${String(r).padStart(12, '0')}`;

function booking(overrides: Partial<TimelineBooking>): TimelineBooking {
  return {
    id: 'cccccccc-0000-4000-8000-000000000001',
    room_id: roomId(0),
    start_date: '2030-04-02',
    end_date: '2030-04-09',
    status: 'confirmed',
    user_name: 'Ana Lima',
    user_email: 'ana@example.com',
    total_price: 350,
    paid_amount: 350,
    payment_method: 'stripe',
    hold_expires_at: null,
    adults: 1,
    children: 0,
    source: 'web',
    ...overrides,
  };
}

function timelineFrom(start: string): Timeline {
  return {
    today: '2030-04-03',
    start,
    days: 28,
    properties: Array.from({ length: 50 }, (_, p) => ({ id: propertyId(p), name: `House ${String(p).padStart(2, '0')}` })),
    rooms: Array.from({ length: ROOMS }, (_, r) => ({
      id: roomId(r),
      property_id: propertyId(Math.floor(r / 10)),
      room_number: String(100 + r),
      ical_export_url: `http://localhost:3000/api/ical/${String(r).padStart(32, '0')}.ics`,
    })),
    bookings: [
      booking({}),
      booking({ id: 'cccccccc-0000-4000-8000-000000000002', room_id: roomId(1), status: 'pending', user_name: 'Ben Hold', adults: 2, children: 1, start_date: '2030-04-03', end_date: '2030-04-10', paid_amount: 0, hold_expires_at: '2030-04-03T09:30:00Z' }),
      booking({ id: 'cccccccc-0000-4000-8000-000000000003', room_id: roomId(2), user_name: 'Cleo Gone', start_date: '2030-03-25', end_date: '2030-04-01' }),
    ],
    blocks: [
      block({ id: 'dddddddd-0000-4000-8000-000000000001', room_id: roomId(0), start_date: '2030-04-12', end_date: '2030-04-14', note: 'Plumber' }),
      block({ id: 'dddddddd-0000-4000-8000-000000000002', room_id: roomId(2), source: 'import', calendar_id: CALENDAR.id, calendar_name: 'Airbnb', uid: 'a1@airbnb.com', start_date: '2030-04-15', end_date: '2030-04-20' }),
      block({ id: 'dddddddd-0000-4000-8000-000000000003', room_id: roomId(0), source: 'import', calendar_id: CALENDAR.id, calendar_name: 'Airbnb', uid: 'clash@airbnb.com', start_date: '2030-04-04', end_date: '2030-04-06', conflict: true }),
    ],
  };
}

function block(overrides: Partial<Block>): Block {
  return { id: '', room_id: '', start_date: '', end_date: '', note: null, source: 'manual', calendar_id: null, calendar_name: null, uid: null, conflict: false, ...overrides };
}

const CALENDAR: Calendar = {
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  room_id: roomId(0),
  name: 'Airbnb',
  url: 'https://www.airbnb.com/calendar/ical/1.ics?s=abc',
  last_synced_at: '2030-04-03T08:00:00Z',
  last_attempt_at: '2030-04-03T08:45:00Z',
  last_error: 'timeout',
  events: 3,
  conflicts: 1,
};

const CONFLICT: CalendarConflict = {
  block_id: 'dddddddd-0000-4000-8000-000000000003',
  room_id: roomId(0),
  room_number: '100',
  property_name: 'House 00',
  calendar_id: CALENDAR.id,
  calendar_name: 'Airbnb',
  uid: 'clash@airbnb.com',
  start_date: '2030-04-04',
  end_date: '2030-04-06',
  booking: { id: 'cccccccc-0000-4000-8000-000000000001', user_name: 'Ana Lima', start_date: '2030-04-02', end_date: '2030-04-09', status: 'confirmed' },
};

function api(extra = {}, data = {}) {
  return mockAdminApi(
    data,
    {
      'GET /admin/timeline': ({ query }) => timelineFrom(query.get('start') ?? MONDAY),
      'GET /admin/calendar-conflicts': () => [CONFLICT],
      'GET /admin/rooms/:id/calendars': () => [CALENDAR],
      ...extra,
    },
  );
}

const roomRow = (number: string) =>
  screen.getAllByTestId('timeline-room').find((row) => within(row).queryByText(new RegExp(`^(Chambre|Room) ${number}$`))) as HTMLElement;

describe('admin calendar timeline', () => {
  atFixedTime(NOW);

  it('asks one call for four weeks from Monday and renders only the rows on screen out of 500 rooms', async () => {
    const { requests } = api();
    renderApp('/admin/calendar', { token: ADMIN_TOKEN });
    await screen.findByTestId('timeline', {}, LOAD);
    const calls = requests.filter((r) => r.path === '/admin/timeline');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ start: MONDAY, days: '28' });
    expect(requests.some((r) => r.path.startsWith('/admin/rooms/'))).toBe(false);

    const rendered = screen.getAllByTestId('timeline-room');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(roomRow('100')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'House 00' })).toBeInTheDocument();
    expect(screen.queryByText('Chambre 420')).not.toBeInTheDocument();

    // Scrolled to the 400th row: those rows come, the first ones go.
    fireEvent.scroll(screen.getByTestId('timeline'), { target: { scrollTop: 44 * 400 } });
    expect(await screen.findByText('Chambre 463')).toBeInTheDocument();
    expect(screen.queryByText('Chambre 100')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('timeline-room').length).toBeLessThan(40);
  });

  it('draws stays by status, blocks, imported events and conflicts, and sums the week’s arrivals and departures', async () => {
    api();
    renderApp('/admin/calendar', { token: ADMIN_TOKEN });
    await screen.findByTestId('timeline', {}, LOAD);
    const kinds = (number: string) => within(roomRow(number)).getAllByRole('button').flatMap((b) => (b.dataset.kind ? [b.dataset.kind] : []));
    expect(kinds('100')).toEqual(['confirmed', 'block', 'conflict']);
    expect(kinds('101')).toEqual(['pending']);
    // Room 102: the stay that left on Monday has no bar, the Airbnb event has its own.
    expect(kinds('102')).toEqual(['import']);
    expect(within(roomRow('100')).getByRole('button', { name: /^Conflit : Airbnb/ })).toBeInTheDocument();
    // Week 1: Ana and Ben arrive, Cleo leaves on Monday; week 2: Ana and Ben leave.
    const weeks = screen.getAllByTestId('week-totals').map((week) => week.textContent);
    expect(weeks[0]).toContain('Arrivées 2 · Départs 1');
    expect(weeks[1]).toContain('Arrivées 0 · Départs 2');
    // The conflicts of every room, listed above the timeline.
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(/Chambre 100 · House 00 : Airbnb a 4 avr\. 2030 – 6 avr\. 2030, réservé ici par Ana Lima/)).toBeInTheDocument();
  });

  it('opens a stay with its guest, dates, total and payment; a block with its note', async () => {
    const user = userEvent.setup();
    api();
    renderApp('/admin/calendar', { token: ADMIN_TOKEN });
    await screen.findByTestId('timeline', {}, LOAD);
    await user.click(within(roomRow('101')).getByRole('button', { name: /^Ben Hold/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Réservation n° cccccccc')).toBeInTheDocument();
    expect(within(dialog).getByText('ana@example.com'.replace('ana', 'ana'), { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByText('7 nuits')).toBeInTheDocument();
    expect(within(dialog).getByText('2 adultes, 1 enfant')).toBeInTheDocument();
    expect(within(dialog).queryByText('Saisie par le propriétaire')).not.toBeInTheDocument();
    expect(within(dialog).getByText('En attente')).toBeInTheDocument();
    expect(within(dialog).getByText(/Dates retenues jusqu’à/)).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(roomRow('100')).getByRole('button', { name: /^Bloquée/ }));
    expect(within(await screen.findByRole('dialog')).getByText('Plumber')).toBeInTheDocument();
  });

  it('pages by week and jumps back to today', async () => {
    const user = userEvent.setup();
    const { requests } = api();
    renderApp('/admin/calendar', { token: ADMIN_TOKEN });
    await screen.findByTestId('timeline', {}, LOAD);
    await user.click(screen.getByRole('button', { name: 'Semaine suivante' }));
    await user.click(screen.getByRole('button', { name: 'Semaine suivante' }));
    await waitFor(() => expect(requests.filter((r) => r.path === '/admin/timeline').map((r) => r.query.get('start'))).toEqual([MONDAY, '2030-04-08', '2030-04-15']));
    expect(screen.getByText('15 avr. 2030 – 12 mai 2030')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aujourd’hui' }));
    expect(await screen.findByText('1 avr. 2030 – 28 avr. 2030')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Semaine précédente' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('start')).toBe('2030-03-25'));
  });

  it('blocks a week from the day clicked, and shows the refusal of a booked night', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    let refuse = true;
    api({
      'POST /admin/rooms/:id/blocks': ({ body, path }: { body: unknown; path: string }) => {
        posted.push({ path, body });
        if (refuse) return { status: 409, body: { detail: 'taken', code: 'room_unavailable' } };
        return { status: 201, body: block({ id: 'dddddddd-0000-4000-8000-000000000009', room_id: roomId(3), start_date: '2030-04-10', end_date: '2030-04-17' }) };
      },
    });
    renderApp('/admin/calendar', { token: ADMIN_TOKEN });
    await screen.findByTestId('timeline', {}, LOAD);
    // An empty day opens a new booking from it; blocking its nights is one click away.
    await user.click(within(roomRow('103')).getByRole('button', { name: 'Chambre 103, 10 avr. 2030 : nouvelle réservation' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Nouvelle réservation' })).getByRole('button', { name: 'Bloquer ces nuits plutôt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquer des nuits' });
    expect(within(dialog).getByLabelText('Du')).toHaveValue('2030-04-10');
    expect(within(dialog).getByLabelText('Jusqu’au (premier jour libre)')).toHaveValue(addDays('2030-04-10', 7));
    await user.type(within(dialog).getByLabelText('Note (jamais montrée aux clients)'), 'Family week');
    await user.click(within(dialog).getByRole('button', { name: 'Bloquer' }));
    expect(await within(dialog).findByText('Chambre non disponible pour ces dates')).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Bloquer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([
      { path: `/admin/rooms/${roomId(3)}/blocks`, body: { start_date: '2030-04-10', end_date: '2030-04-17', note: 'Family week' } },
      { path: `/admin/rooms/${roomId(3)}/blocks`, body: { start_date: '2030-04-10', end_date: '2030-04-17', note: 'Family week' } },
    ]);
    // Days before today cannot be blocked.
    expect(within(roomRow('103')).queryByRole('button', { name: 'Chambre 103, 2 avr. 2030 : nouvelle réservation' })).not.toBeInTheDocument();
    expect(within(roomRow('103')).getByRole('button', { name: 'Chambre 103, 3 avr. 2030 : nouvelle réservation' })).toBeInTheDocument();
  });

  it('staff: an empty day blocks nights from it (no booking for a guest), and a room is not a calendar-sync button', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    api(
      {
        'POST /admin/rooms/:id/blocks': ({ body }: { body: unknown }) => {
          posted.push(body);
          return { status: 201, body: block({ id: 'dddddddd-0000-4000-8000-000000000009', room_id: roomId(3), start_date: '2030-04-10', end_date: '2030-04-17' }) };
        },
      },
      { user: { ...admin, role: 'staff', is_admin: false } },
    );
    renderApp('/admin/calendar', { token: ADMIN_TOKEN });
    await screen.findByTestId('timeline', {}, LOAD);
    expect(within(roomRow('103')).queryByRole('button', { name: 'Chambre 103, 10 avr. 2030 : nouvelle réservation' })).toBeNull();
    expect(within(roomRow('103')).queryByRole('button', { name: /synchronisation|Chambre 103$/ })).toBeNull();
    await user.click(within(roomRow('103')).getByRole('button', { name: 'Chambre 103, 10 avr. 2030 : bloquer des nuits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquer des nuits' });
    expect(within(dialog).getByLabelText('Du')).toHaveValue('2030-04-10');
    await user.click(within(dialog).getByRole('button', { name: 'Bloquer' }));
    await waitFor(() => expect(posted).toEqual([{ start_date: '2030-04-10', end_date: '2030-04-17', note: null }]));
  });

  it('an empty day opens a new booking with its room and arrival chosen, a week long by default', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    api({
      'GET /properties': () => [{ ...PROPERTY_A, id: propertyId(0), name: 'House 00' }],
      'GET /rooms': () => [adminRoom({ id: roomId(3), property_id: propertyId(0), room_number: '103', max_guests: 4 })],
      'POST /admin/bookings': ({ body }: { body: unknown }) => {
        posted.push(body);
        return { status: 201, body: adminBooking({ room_id: roomId(3), user_name: 'Rui Costa', source: 'admin', adults: 2, children: 1 }) };
      },
    });
    renderApp('/admin/calendar', { token: ADMIN_TOKEN });
    await screen.findByTestId('timeline', {}, LOAD);
    await user.click(within(roomRow('103')).getByRole('button', { name: 'Chambre 103, 10 avr. 2030 : nouvelle réservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle réservation' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Chambre' })).toHaveDisplayValue('Chambre 103 · House 00'));
    expect(within(dialog).getByLabelText('Arrivée')).toHaveValue('2030-04-10');
    expect(within(dialog).getByLabelText('Départ (premier jour libre)')).toHaveValue('2030-04-17');
    expect(within(dialog).getByText('Cette chambre accueille 4 personnes au plus')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Un adulte de plus' }));
    await user.click(within(dialog).getByRole('button', { name: 'Un enfant de plus' }));
    await user.type(within(dialog).getByLabelText('E-mail du client'), 'rui@example.com');
    await user.type(within(dialog).getByLabelText('Nom du client'), 'Rui Costa');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la réservation' }));
    expect(await screen.findByText('Réservation de Rui Costa enregistrée')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        room_id: roomId(3),
        start_date: '2030-04-10',
        end_date: '2030-04-17',
        adults: 2,
        children: 1,
        guest_email: 'rui@example.com',
        guest_name: 'Rui Costa',
        guest_language: 'fr',
        payment_method: 'on_site',
        note: '',
        ignore_rules: false,
      },
    ]);
  });

  it("a room's name opens its calendar sync: the export URL, its feeds with their last error, a new feed synced at once", async () => {
    const user = userEvent.setup();
    const { requests } = api({
      'POST /admin/rooms/:id/calendars': () => ({ status: 201, body: { ...CALENDAR, id: 'eeeeeeee-0000-4000-8000-000000000002', name: 'Booking.com', last_error: null } }),
      'POST /admin/rooms/:id/calendars/:calendar_id/sync': () => ({ ...CALENDAR, id: 'eeeeeeee-0000-4000-8000-000000000002', name: 'Booking.com', last_error: null }),
    });
    renderApp('/admin/calendar', { token: ADMIN_TOKEN });
    await screen.findByTestId('timeline', {}, LOAD);
    await user.click(screen.getByRole('button', { name: 'Chambre 100 : bloquer des nuits, synchronisation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Adresse d’export (iCal)')).toHaveValue(`http://localhost:3000/api/ical/${'0'.repeat(32)}.ics`);
    const feed = await within(dialog).findByTestId('imported-calendar');
    expect(within(feed).getByText(/Le calendrier n’a pas répondu en 10 secondes/)).toBeInTheDocument();
    expect(within(feed).getByText(/3 événements/)).toBeInTheDocument();
    expect(within(feed).getByText(/1 conflit/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Nom'), 'Booking.com');
    await user.type(within(dialog).getByLabelText('Adresse du calendrier (iCal)'), 'https://admin.booking.com/hotel/ical/abc.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter et synchroniser' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/sync'))).toBe(true));
    const added = requests.find((r) => r.method === 'POST' && r.path === `/admin/rooms/${roomId(0)}/calendars`);
    expect(added?.body).toEqual({ name: 'Booking.com', url: 'https://admin.booking.com/hotel/ical/abc.ics' });
  });

  it('keeps one property with its chip', async () => {
    const user = userEvent.setup();
    api();
    renderApp('/admin/calendar', { token: ADMIN_TOKEN });
    await screen.findByTestId('timeline', {}, LOAD);
    await user.click(screen.getByRole('button', { name: 'House 07' }));
    const rows = screen.getAllByTestId('timeline-room');
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.textContent?.match(/Chambre (\d+)/)?.[1])).toEqual(['170', '171', '172', '173', '174', '175', '176', '177', '178', '179']);
  });
});
