import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN, adminBooking, adminRoom, LOAD, mockAdminApi, PROPERTY_A, PROPERTY_B } from '@/features/admin-shell/test/admin-fixtures';
import { setLanguage } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { atFixedTime } from '../../../../test/fake-clock';
import { renderApp } from '../../../../test/render-app';

// The server says the site's today is 1 April (GET /admin/availability); the browser's clock says 31 March in UTC,
// 22:30 — already 00:30 on 1 April in Brussels: the screen counts in the server's day, never the browser's.
const NOW = new Date('2030-03-31T22:30:00Z');
const TODAY = '2030-04-01';

const ROOM_101 = adminRoom({ id: 'bbbbbbbb-0000-4000-8000-000000000101', room_number: '101', price_per_week: 350 });
const ROOM_102 = adminRoom({ id: 'bbbbbbbb-0000-4000-8000-000000000102', room_number: '102', price_per_week: 400 });
const ROOM_201 = adminRoom({ id: 'bbbbbbbb-0000-4000-8000-000000000201', property_id: PROPERTY_B.id, room_number: '201' });

const at = (room: typeof ROOM_101, property = PROPERTY_A) => ({
  room_id: room.id,
  room_number: room.room_number,
  property_id: property.id,
  property_name: property.name,
});

const bookings = [
  // Room 101: a stay that ends today (still occupied: departure day), then one starting in 6 days.
  adminBooking({ ...at(ROOM_101), user_name: 'Départ Aujourdhui', start_date: '2030-03-25', end_date: TODAY }),
  adminBooking({ ...at(ROOM_101), user_email: 'six@example.com', start_date: '2030-04-07', end_date: '2030-04-14' }),
  // Room 102: a stay that ended yesterday, one starting in exactly 7 days (a cancelled stay is not in the server's
  // answer: test/routes/admin-overview.test.ts holds that).
  adminBooking({ ...at(ROOM_102), start_date: '2030-03-24', end_date: '2030-03-31' }),
  adminBooking({ ...at(ROOM_102), user_email: 'seven@example.com', start_date: '2030-04-08', end_date: '2030-04-15' }),
  // Room 201: arrives today (occupied, and an upcoming check-in today).
  adminBooking({ ...at(ROOM_201, PROPERTY_B), user_email: 'today@example.com', start_date: TODAY, end_date: '2030-04-08', check_in_status: 'complete' }),
];

function api() {
  return mockAdminApi({ rooms: [ROOM_101, ROOM_102, ROOM_201], bookings, today: TODAY });
}

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
const roomCard = (number: string) =>
  screen.getAllByTestId('availability-room').find((card) => within(card).queryByText(new RegExp(`^(Chambre|Room|Habitación) ${number}$`))) as HTMLElement;

describe('admin availability', () => {
  atFixedTime(NOW);

  it("uses the site's day, counts rooms, and treats a stay ending today as occupied", async () => {
    const { requests } = api();
    renderApp('/admin/availability', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Nous sommes le lundi 1 avril 2030 (Europe/Brussels).', {}, LOAD)).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain('/admin/availability');
    expect(requests.map((r) => r.path)).not.toContain('/bookings/all');

    await within(tile('Chambres')).findByText('3');
    expect(within(tile('Disponibles')).getByText('1')).toBeInTheDocument();
    expect(within(tile('Occupées')).getByText('2')).toBeInTheDocument();
    expect(within(tile('Arrivées sous 7 jours')).getByText('2')).toBeInTheDocument();

    const r101 = roomCard('101');
    expect(within(r101).getByText('Occupée')).toBeInTheDocument();
    expect(within(r101).getByText("Départ Aujourdhui part aujourd'hui")).toBeInTheDocument();
    expect(within(r101).getByText('Prochaine réservation : du 7 avr. 2030 au 14 avr. 2030')).toBeInTheDocument();

    const r102 = roomCard('102');
    expect(within(r102).getByText('Disponible')).toBeInTheDocument();
    expect(within(r102).getByText('Prochaine réservation : du 8 avr. 2030 au 15 avr. 2030')).toBeInTheDocument();

    const r201 = roomCard('201');
    expect(within(r201).getByText('Occupée')).toBeInTheDocument();
    expect(within(r201).getByText('Aucune réservation à venir')).toBeInTheDocument();
  });

  it('lists check-ins from today to 6 days ahead with their weekday, not the 7th day', async () => {
    api();
    renderApp('/admin/availability', { token: ADMIN_TOKEN });
    const section = (await screen.findByRole('heading', { name: 'Arrivées des 7 prochains jours' }, LOAD))
      .parentElement as HTMLElement;
    const items = within(section).getAllByTestId('upcoming-check-in');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('lundi');
    expect(items[0]).toHaveTextContent("Aujourd'hui");
    expect(items[0]).toHaveTextContent('Villa Sablon · Chambre 201');
    expect(items[0]).toHaveTextContent('today@example.com');
    expect(items[1]).toHaveTextContent('dimanche');
    expect(items[1]).toHaveTextContent('7 avr. 2030');
    expect(items[1]).toHaveTextContent('six@example.com');
    expect(within(section).queryByText('seven@example.com')).toBeNull();
    // Whose online check-in is done, whose is missing (docs/decisions/0036).
    expect(await within(items[0]!).findByTestId('check-in-mark')).toHaveTextContent('Enregistrement complet');
    expect(within(items[1]!).getByTestId('check-in-mark')).toHaveTextContent('Enregistrement non commencé');
  });

  it('filters rooms, counters and check-ins by property', async () => {
    api();
    const { user } = renderApp('/admin/availability', { token: ADMIN_TOKEN });
    const chip = await screen.findByRole('button', { name: 'Villa Sablon' }, LOAD);
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByTestId('availability-room')).toHaveLength(1);
    expect(within(tile('Chambres')).getByText('1')).toBeInTheDocument();
    expect(within(tile('Arrivées sous 7 jours')).getByText('1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tous' }));
    expect(screen.getAllByTestId('availability-room')).toHaveLength(3);
  });

  it('formats the next booking dates in the current language', async () => {
    api();
    await setLanguage('en');
    renderApp('/admin/availability', { token: ADMIN_TOKEN });
    expect(await screen.findByText(/^Today is Monday,? 1 April 2030 \(Europe\/Brussels\)\.$/, {}, LOAD)).toBeInTheDocument();
    await screen.findAllByTestId('availability-room');
    expect(within(roomCard('101')).getByText('Next booking: 7 Apr 2030 to 14 Apr 2030')).toBeInTheDocument();
    await setLanguage('es');
    expect(await within(roomCard('101')).findByText('Próxima reserva: del 7 abr 2030 al 14 abr 2030')).toBeInTheDocument();
  });

  it("counts in the server's today whatever the browser's clock says", async () => {
    vi.setSystemTime(new Date('2031-12-25T12:00:00Z'));
    api();
    renderApp('/admin/availability', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Nous sommes le lundi 1 avril 2030 (Europe/Brussels).', {}, LOAD)).toBeInTheDocument();
    await within(tile('Occupées')).findByText('2');
    expect(within(roomCard('101')).getByText('Prochaine réservation : du 7 avr. 2030 au 14 avr. 2030')).toBeInTheDocument();
    expect(screen.getAllByTestId('upcoming-check-in')).toHaveLength(2);
  });

  it('asks again when a booking changes anywhere in the app (the shared bookings key)', async () => {
    const own = bookings.map((booking) => ({ ...booking }));
    const { requests } = mockAdminApi({ rooms: [ROOM_101, ROOM_102, ROOM_201], bookings: own, today: TODAY });
    const { queryClient } = renderApp('/admin/availability', { token: ADMIN_TOKEN });
    await screen.findAllByTestId('availability-room', {}, LOAD);
    expect(within(tile('Occupées')).getByText('2')).toBeInTheDocument();

    // Cancelled: the server's answer no longer holds it.
    own.shift();
    await queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
    await within(tile('Occupées')).findByText('1');
    expect(within(roomCard('101')).getByText('Disponible')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/admin/availability')).toHaveLength(2);
  });

  it('says when there are no rooms', async () => {
    mockAdminApi({ rooms: [], bookings: [] });
    renderApp('/admin/availability', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Aucune chambre trouvée', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Aucune arrivée prévue')).toBeInTheDocument();
  });
});
