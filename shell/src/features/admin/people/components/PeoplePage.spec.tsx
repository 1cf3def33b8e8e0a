import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { PeoplePage } from './PeoplePage';

const admin = buildUser({ role: 'admin', firstName: 'Amal', lastName: 'Haddad', username: 'admin' });
const learner = buildUser({ firstName: 'ليلى', lastName: 'الحداد', username: 'layla' });

function page(items = [admin, learner]) {
  return jsonResponse({ items, total: items.length, page: 1, pageSize: 20 });
}

describe('PeoplePage', () => {
  it('lists people and sends the search, role and status filters to the gateway', async () => {
    const gateway = stubGateway({ 'GET /api/admin/users': () => page() }, admin);
    renderWithMasar(<PeoplePage />);
    await screen.findByText('ليلى الحداد');
    expect(screen.getByText('You')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('Search by name, username or email'), { target: { value: ' layla ' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search by name, username or email'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(gateway.callsTo('GET', /admin\/users$/).some((call) => call.search.get('search') === 'layla')).toBe(true));
  });

  it('deactivates a person after confirmation and shows the server’s refusal as a toast', async () => {
    let refuse = false;
    const gateway = stubGateway(
      {
        'GET /api/admin/users': () => page(),
        'PATCH /api/admin/users/:id': () =>
          refuse
            ? jsonResponse({ statusCode: 409, message: 'At least one active admin must remain' }, 409)
            : jsonResponse({ user: { ...learner, active: false } }),
      },
      admin,
    );
    renderWithMasar(<PeoplePage />);
    fireEvent.click(await screen.findByTestId('person-actions-layla'));
    fireEvent.click(await screen.findByText('Deactivate'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(gateway.callsTo('PATCH', /admin\/users\//)[0]?.json).toEqual({ active: false }));
    expect(gateway.callsTo('PATCH', /admin\/users\//)[0]?.path).toBe(`/api/admin/users/${learner.id}`);
    await screen.findByText('ليلى الحداد was deactivated');

    refuse = true;
    fireEvent.click(await screen.findByTestId('person-actions-layla'));
    const menus = await screen.findAllByText('Make admin');
    fireEvent.click(menus[menus.length - 1]);
    const confirms = await screen.findAllByTestId('confirm-ok');
    fireEvent.click(confirms[confirms.length - 1]);
    await screen.findByText('At least one active admin must remain');
  });

  it('does not offer an admin to deactivate, demote or reset themselves', async () => {
    stubGateway({ 'GET /api/admin/users': () => page() }, admin);
    renderWithMasar(<PeoplePage />);
    fireEvent.click(await screen.findByTestId('person-actions-admin'));
    const menu = await screen.findByRole('menu');
    for (const label of ['Deactivate', 'Reset password', 'Make learner']) {
      expect(within(menu).getByText(label).closest('li')?.getAttribute('aria-disabled')).toBe('true');
    }
  });

  it('imports a CSV and shows the added and refused rows with generated passwords', async () => {
    const gateway = stubGateway(
      {
        'GET /api/admin/users': () => page(),
        'POST /api/admin/users/import': () =>
          jsonResponse({
            added: [{ row: 2, user: buildUser({ username: 'hala.saleh' }), temporaryPassword: 'Abcde-fghij-kmnop-qrstu' }],
            refused: [{ row: 3, username: 'admin', reason: 'username: That username is already taken' }],
            totalRows: 2,
          }),
      },
      admin,
    );
    renderWithMasar(<PeoplePage />);
    fireEvent.click(await screen.findByTestId('people-import'));
    // The file the browser hands over; Node's own File, since fetch and FormData here are Node's.
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new NodeFile(['username,firstName,lastName,email\n'], 'people.csv', { type: 'text/csv' })] } });
    fireEvent.click(await screen.findByTestId('import-submit'));
    await waitFor(() => expect(gateway.callsTo('POST', /import$/)).toHaveLength(1));
    await screen.findByText('1 of 2 rows added');
    expect(screen.getByText('Abcde-fghij-kmnop-qrstu')).toBeTruthy();
    fireEvent.click(screen.getByText('Refused (1)'));
    await screen.findByText('username: That username is already taken');
    expect(gateway.callsTo('POST', /import$/)[0]?.form?.get('file')).toBeTruthy();
  });
});
