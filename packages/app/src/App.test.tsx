import { render, screen, waitFor } from '@testing-library/react';
import App from './App';

describe('App', () => {
  it('should render', async () => {
    process.env = {
      NODE_ENV: 'test',
      APP_CONFIG: [
        {
          data: {
            app: { title: 'Test' },
            backend: { baseUrl: 'http://localhost:7007' },
          },
          context: 'test',
        },
      ] as any,
    };

    const rendered = render(App.createRoot());

    await waitFor(() => {
      expect(rendered.baseElement).toBeInTheDocument();
    });
  });

  it('offers the two demo identities on the sign-in page', async () => {
    localStorage.clear();
    process.env = {
      NODE_ENV: 'test',
      APP_CONFIG: [
        {
          data: {
            app: { title: 'Test' },
            backend: { baseUrl: 'http://localhost:7007' },
          },
          context: 'test',
        },
      ] as any,
    };

    render(App.createRoot());

    expect(
      await screen.findByText('Platform lead (Hana Sato, approves waivers)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Guest \(Bilal Haddad, team-api-platform\)/),
    ).toBeInTheDocument();
    // The guest keeps the standard "Enter" button; the lead signs in with its own.
    expect(screen.getByRole('button', { name: /enter/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
