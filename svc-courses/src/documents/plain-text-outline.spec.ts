import { readPlainTextOutline } from './plain-text-outline';

describe('readPlainTextOutline', () => {
  it('finds numbered headings by depth, capitals, and short lines standing alone', () => {
    const text = [
      'SITE INDUCTION',
      '',
      'Welcome to the site. Read this before your first shift.',
      '',
      '1. Introduction',
      'The site runs two shifts and every visitor signs in at the gate.',
      '',
      '1.2 Scope',
      '',
      'These rules apply to staff, contractors and visitors.',
      '',
      'Emergency contacts',
      '',
      'Call the site office on extension 200.',
    ].join('\n');
    expect(readPlainTextOutline(text).blocks).toEqual([
      { kind: 'heading', level: 1, text: 'SITE INDUCTION' },
      { kind: 'paragraph', text: 'Welcome to the site. Read this before your first shift.' },
      { kind: 'heading', level: 2, text: '1. Introduction' },
      { kind: 'paragraph', text: 'The site runs two shifts and every visitor signs in at the gate.' },
      { kind: 'heading', level: 3, text: '1.2 Scope' },
      { kind: 'paragraph', text: 'These rules apply to staff, contractors and visitors.' },
      { kind: 'heading', level: 4, text: 'Emergency contacts' },
      { kind: 'paragraph', text: 'Call the site office on extension 200.' },
    ]);
  });

  it('keeps numbered lists, sentences and wrapped lines as text', () => {
    const text = ['Before lifting:', '1. Check the weight', '2. Clear the route', '', 'Lift with your legs, not your back,', 'and keep the load close.', '', 'Report every injury.'].join('\n');
    expect(readPlainTextOutline(text).blocks).toEqual([
      { kind: 'paragraph', text: 'Before lifting:' },
      { kind: 'paragraph', text: '1. Check the weight' },
      { kind: 'paragraph', text: '2. Clear the route' },
      { kind: 'paragraph', text: 'Lift with your legs, not your back, and keep the load close.' },
      { kind: 'paragraph', text: 'Report every injury.' },
    ]);
  });

  it('reads one paragraph a line (a Word 97-2003 body): short lines are headings before longer text', () => {
    const text = 'Ladders\nInspect the feet and rungs before every use, and never stand on the top step.\nGloves\nBoots\nWear safety boots on the shop floor at all times.\n';
    expect(readPlainTextOutline(text, { lineIsParagraph: true }).blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Ladders' },
      { kind: 'paragraph', text: 'Inspect the feet and rungs before every use, and never stand on the top step.' },
      { kind: 'paragraph', text: 'Gloves' },
      { kind: 'heading', level: 1, text: 'Boots' },
      { kind: 'paragraph', text: 'Wear safety boots on the shop floor at all times.' },
    ]);
  });
});
