/**
 * Figures a browser test measures and prints rather than asserts (or asserts
 * and prints as well): each test attaches its row of a named table, and
 * ./figures-reporter.ts prints every table once the run ends, rows in page
 * order, one table per project. So a check that runs in one visit per page
 * still ends the run with one table, not a line per test.
 */
import type { TestInfo } from '@playwright/test';

export const FIGURE_ATTACHMENT = 'figure';

export interface FigureRow {
  /** The table's title (rows of the same title and project are printed together). */
  table: string;
  columns: string[];
  row: (string | number)[];
  /** Where the row goes in its table (the page's place in the list of pages). */
  order: number;
}

export async function recordFigure(testInfo: TestInfo, figure: FigureRow): Promise<void> {
  await testInfo.attach(FIGURE_ATTACHMENT, { body: JSON.stringify(figure), contentType: 'application/json' });
}
