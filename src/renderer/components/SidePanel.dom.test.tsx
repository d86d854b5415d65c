import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SidePanel, usePanelCollapse } from './SidePanel';

/** Both side panels around a canvas, as the workspace lays them out. */
function Panes() {
  const panels = usePanelCollapse();
  return (
    <div className="panes">
      <SidePanel side="left" label="investigation panel" collapsed={panels.left} onToggle={panels.toggle}>
        <label>
          Seed <input />
        </label>
      </SidePanel>
      <div>canvas</div>
      <SidePanel side="right" label="details panel" collapsed={panels.right} onToggle={panels.toggle}>
        <p>Fields</p>
      </SidePanel>
    </div>
  );
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('collapsible side panels', () => {
  it('hides a panel with its toggle and shows it again, keeping what was typed in it', async () => {
    const user = userEvent.setup();
    render(<Panes />);
    await user.type(screen.getByRole('textbox', { name: 'Seed' }), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Hide the investigation panel' }));
    expect(screen.queryByRole('textbox', { name: 'Seed' })).toBeNull();
    const show = screen.getByRole('button', { name: 'Show the investigation panel' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Fields').closest('[hidden]')).toBeNull();
    await user.click(show);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Seed' }).value).toBe('Acme');
  });

  it('is reached and toggled from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Panes />);
    await user.tab(); // the seed field
    await user.tab(); // the left panel's toggle
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Hide the investigation panel');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Show the investigation panel' })).toBe(document.activeElement);
  });

  it('remembers which panels are hidden for the window (a reload keeps them)', async () => {
    const user = userEvent.setup();
    const first = render(<Panes />);
    await user.click(screen.getByRole('button', { name: 'Hide the details panel' }));
    first.unmount();
    render(<Panes />);
    expect(screen.getByRole('button', { name: 'Show the details panel' })).toBeTruthy();
    // Hidden, not unmounted (its state and shortcuts stay).
    expect(screen.getByText('Fields').closest('[hidden]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Hide the investigation panel' })).toBeTruthy();
  });

  it('opens both panels when the remembered value is not readable', () => {
    window.sessionStorage.setItem('trace-graph.collapsed-panels', '{not json');
    render(<Panes />);
    expect(screen.getByRole('button', { name: 'Hide the investigation panel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide the details panel' })).toBeTruthy();
  });
});
