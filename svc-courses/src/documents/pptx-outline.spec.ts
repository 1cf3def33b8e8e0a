import { pptxPackage } from '../../test/fixtures/documents/make-fixtures';
import { OfficePackage } from './office-package';
import { readPptxOutline } from './pptx-outline';

async function outlineOf(bytes: Buffer) {
  const officePackage = await OfficePackage.open(bytes, 'deck.pptx');
  try {
    return await readPptxOutline(officePackage, 'deck.pptx', 1_000_000);
  } finally {
    officePackage.close();
  }
}

describe('readPptxOutline', () => {
  it('reads slides in presentation order, all at one level when there are no section slides', async () => {
    const bytes = await pptxPackage({
      coreTitle: 'Forklift Safety',
      slides: [
        { layout: 'obj', title: 'Before You Drive', bullets: ['Check the brakes.', 'Check the horn.'] },
        { layout: 'obj', title: 'Loads', bullets: ['Never exceed the rated capacity.'], textBox: 'Capacity is on the data plate.' },
      ],
    });
    expect(await outlineOf(bytes)).toEqual({
      declaredTitle: 'Forklift Safety',
      blocks: [
        { kind: 'heading', level: 1, text: 'Before You Drive' },
        { kind: 'paragraph', text: 'Check the brakes.' },
        { kind: 'paragraph', text: 'Check the horn.' },
        { kind: 'heading', level: 1, text: 'Loads' },
        { kind: 'paragraph', text: 'Never exceed the rated capacity.' },
        { kind: 'paragraph', text: 'Capacity is on the data plate.' },
      ],
    });
  });

  it('heads an untitled slide with its first short line, else "Slide N"', async () => {
    const long = 'Pedestrians have right of way in every aisle of the warehouse, and drivers must stop and sound the horn at every blind corner.';
    const bytes = await pptxPackage({
      slides: [
        { layout: 'obj', bullets: ['Pedestrians', 'Keep to the marked walkways.'] },
        { layout: 'obj', bullets: [long] },
      ],
    });
    expect((await outlineOf(bytes)).blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Pedestrians' },
      { kind: 'paragraph', text: 'Keep to the marked walkways.' },
      { kind: 'heading', level: 1, text: 'Slide 2' },
      { kind: 'paragraph', text: long },
    ]);
  });
});
