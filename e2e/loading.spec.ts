// Every way in besides the Open button: drag and drop, the Paste dialog, and
// the demo incident on the empty page.
import { readFileSync } from 'node:fs';
import { test, expect, type JSHandle } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';
import { lineOf } from './support/source';

const TRACE = fixture('checkout-zero-total/expected/trace.json');
const FLOW = fixture('checkout-zero-total/flow.ts');

async function dragEvent(page: AppPage['page'], type: 'dragenter' | 'dragover' | 'dragleave' | 'drop', data: JSHandle<DataTransfer>) {
  await page.evaluate(
    ([type, dataTransfer]) => {
      const target = document.querySelector('main') ?? document.body;
      target.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true }));
    },
    [type, data] as const
  );
}

test('dropping a trace and its source opens both; the overlay shows while dragging', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await expect(app.emptyHeading).toBeVisible();

  const files = [
    { name: 'trace.json', type: 'application/json', text: readFileSync(TRACE, 'utf8') },
    { name: 'flow.ts', type: 'text/plain', text: readFileSync(FLOW, 'utf8') }
  ];
  const data = await page.evaluateHandle((files) => {
    const dt = new DataTransfer();
    for (const f of files) dt.items.add(new File([f.text], f.name, { type: f.type }));
    return dt;
  }, files);

  const overlay = page.getByTestId('drop-overlay');
  await expect(overlay).toHaveCount(0);
  await dragEvent(page, 'dragenter', data);
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText('Drop to open');
  await dragEvent(page, 'dragover', data);
  await expect(overlay).toBeVisible();
  await dragEvent(page, 'drop', data);
  await expect(overlay).toHaveCount(0);

  await app.timeline.expectSteps(3);
  await expect(app.source.fileTab('flow.ts')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('e');
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  await app.source.waitForMonaco();
  await expect.poll(() => app.source.highlightedLine().then((l) => l?.number)).toBe(lineOf(FLOW, 'const cmdChargeCard'));
});

test('dragging files away again hides the overlay without opening anything', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const data = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['{}'], 'x.json', { type: 'application/json' }));
    return dt;
  });
  const overlay = page.getByTestId('drop-overlay');
  await dragEvent(page, 'dragenter', data);
  await expect(overlay).toBeVisible();
  await dragEvent(page, 'dragleave', data);
  await expect(overlay).toHaveCount(0);
  await expect(app.emptyHeading).toBeVisible();
});

test('pasting a trace through the Paste dialog opens it', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.headerButton('Paste').click();
  const dialog = app.pasteDialog;
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Open pasted text' });
  await expect(submit).toBeDisabled();

  const textarea = dialog.getByRole('textbox');
  await textarea.fill(readFileSync(TRACE, 'utf8'));
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(dialog).toBeHidden();
  await app.timeline.expectSteps(3);
  await expect(page.getByRole('banner')).toContainText('checkout');
  await expect(app.timeline.option('cmdChargeCard')).toBeVisible();
});

test('the Paste dialog puts the cursor in its text box, ready for Ctrl+V', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.headerButton('Paste').click();
  await expect(app.pasteDialog).toBeVisible();
  await expect(app.pasteDialog.getByRole('textbox')).toBeFocused();
  // Typing right away lands in the text box.
  await page.keyboard.type('{"trace": []}');
  await expect(app.pasteDialog.getByRole('textbox')).toHaveValue('{"trace": []}');
});

test('pasting flow source through the Paste dialog adds it beside the open trace', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(TRACE);
  await app.timeline.expectSteps(3);
  await expect(page.getByText('No flow source yet')).toBeVisible();

  await app.headerButton('Paste').click();
  await app.pasteDialog.getByRole('textbox').fill(readFileSync(FLOW, 'utf8'));
  await app.pasteDialog.getByRole('button', { name: 'Open pasted text' }).click();
  await expect(app.pasteDialog).toBeHidden();
  await expect(app.source.fileTab('pasted.ts')).toBeVisible();
  await app.timeline.expectSteps(3);
});

test('the demo opens the checkout incident with its source, and narrates it', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();

  await app.timeline.expectSteps(3);
  await expect(app.timeline.option('cmdChargeCard')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('checkout');
  await expect(app.source.fileTab('flow.ts')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('e');
  await app.source.waitForMonaco();
  await expect
    .poll(() => app.source.highlightedLine())
    .toEqual({ number: lineOf(FLOW, 'const cmdChargeCard'), text: expect.stringContaining('const cmdChargeCard'), error: true });

  // The narration follows the selected step: from step 1, its head is in view.
  await page.keyboard.press('Home');
  await page.keyboard.press('n');
  await expect(app.narration.region).toBeVisible();
  await expect(app.narration.line("Replaying 'checkout' (3 recorded steps)")).toBeVisible();
  await app.narration.scrollToEnd();
  await expect(app.narration.line('Replay finished with state: Failure')).toBeVisible();
});
