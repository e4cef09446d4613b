/**
 * Prints the tables of figures the tests attached (./figures.ts) when the
 * run ends, one per title and project. Listed in the Playwright configs next
 * to the list reporter.
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { FIGURE_ATTACHMENT, type FigureRow } from './figures';
import { table } from './table';

export default class FiguresReporter implements Reporter {
  private readonly tables = new Map<string, { columns: string[]; rows: { order: number; row: (string | number)[] }[] }>();

  printsToStdio() {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name ?? '';
    for (const attachment of result.attachments) {
      if (attachment.name !== FIGURE_ATTACHMENT || !attachment.body) continue;
      const figure = JSON.parse(attachment.body.toString('utf8')) as FigureRow;
      const key = `${figure.table}${project ? `, ${project}` : ''}`;
      const entry = this.tables.get(key) ?? { columns: figure.columns, rows: [] };
      // A retried test attaches its row again: keep the last.
      entry.rows = entry.rows.filter((r) => r.order !== figure.order);
      entry.rows.push({ order: figure.order, row: figure.row });
      this.tables.set(key, entry);
    }
  }

  onEnd() {
    for (const [title, { columns, rows }] of [...this.tables].sort(([a], [b]) => a.localeCompare(b))) {
      rows.sort((a, b) => a.order - b.order);
      console.log(
        `\n${title}\n${table(
          columns,
          rows.map((r) => r.row),
        )}`,
      );
    }
  }
}
