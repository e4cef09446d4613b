/**
 * Each form island's module graph (src/lib/islands/module-graph.ts), read
 * from built chunks as Vite writes them (fixtures below, in its minified
 * form): the static imports, their closure (never what is imported on
 * demand), and the list written on the island's element.
 */
import { describe, it, expect } from 'vitest';
import { islandGraph, resolveSpecifier, staticImports, withIslandGraphs } from '../../../src/lib/islands/module-graph';

/** A build's /_astro chunks, as Vite writes them. */
const CHUNKS: Record<string, string> = {
  '/_astro/ContactForm.a1.js':
    'import{t as e}from"./SubmissionForm.b2.js";import{t}from"./jsx-runtime.c3.js";import"./side-effect.d4.js";function n(){return t(e,{})}export{n as default};',
  '/_astro/SubmissionForm.b2.js':
    'import{n as e}from"./rolldown-runtime.e5.js";import{t}from"./react.f6.js";var r=()=>a(()=>import(`./rest.g7.js`),__vite__mapDeps([0]));export{r as t};',
  '/_astro/jsx-runtime.c3.js': 'import{n as e}from"./rolldown-runtime.e5.js";export{e as t};',
  '/_astro/side-effect.d4.js': 'console.log(1);',
  '/_astro/rolldown-runtime.e5.js': 'var e=1;export{e as n};',
  '/_astro/react.f6.js': 'import{n as e}from"./rolldown-runtime.e5.js";export{e as t};',
  '/_astro/rest.g7.js': 'import{t}from"./react.f6.js";import{p}from"./postgrest.h8.js";export{p};',
  '/_astro/postgrest.h8.js': 'export{a as p};var a=1;',
  '/_astro/client.i9.js': 'import{t}from"./react.f6.js";export default 1;',
  '/_astro/MobileMenu.j0.js': 'import{t}from"./react.f6.js";export default 1;',
};
const read = (path: string) => CHUNKS[path];

const island = (component: string, inside: string, client = 'form') =>
  `<astro-island uid="x" component-url="/_astro/${component}" component-export="default" renderer-url="/_astro/client.i9.js" props="{}" ssr client="${client}" opts="{}">${inside}</astro-island>`;

describe('staticImports', () => {
  it('finds static imports, with or without bindings, in any quotes; not imports on demand', () => {
    expect(staticImports(CHUNKS['/_astro/ContactForm.a1.js'])).toEqual([
      './SubmissionForm.b2.js',
      './jsx-runtime.c3.js',
      './side-effect.d4.js',
    ]);
    expect(staticImports(CHUNKS['/_astro/SubmissionForm.b2.js'])).toEqual(['./rolldown-runtime.e5.js', './react.f6.js']);
    expect(staticImports(`export{a}from'../x.js';const s="from nothing";import("./y.js")`)).toEqual(['../x.js']);
  });

  it('ignores what only looks like an import: bare specifiers, other files, a computed import', () => {
    expect(staticImports('import{a}from"react";import"./style.css";import(u);xport"./no.js"')).toEqual([]);
  });
});

describe('resolveSpecifier', () => {
  it('resolves against the importing chunk', () => {
    expect(resolveSpecifier('/_astro/a.js', './b.js')).toBe('/_astro/b.js');
    expect(resolveSpecifier('/_astro/sub/a.js', '../b.js')).toBe('/_astro/b.js');
  });
});

describe('islandGraph', () => {
  it('is every module hydration runs, entries first, each once; not what it imports on demand', () => {
    expect(islandGraph(['/_astro/ContactForm.a1.js', '/_astro/client.i9.js'], read)).toEqual([
      '/_astro/ContactForm.a1.js',
      '/_astro/SubmissionForm.b2.js',
      '/_astro/rolldown-runtime.e5.js',
      '/_astro/react.f6.js',
      '/_astro/jsx-runtime.c3.js',
      '/_astro/side-effect.d4.js',
      '/_astro/client.i9.js',
    ]);
  });

  it('leaves out what the build does not have', () => {
    expect(islandGraph(['/_astro/gone.js', '/_astro/postgrest.h8.js'], read)).toEqual(['/_astro/postgrest.h8.js']);
  });
});

describe('withIslandGraphs', () => {
  const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;

  it('writes the graph on a form island (client:form)', () => {
    const html = withIslandGraphs(page(island('ContactForm.a1.js', '<form id="form-contact"><input name="a"></form>')), read);
    const tag = /<astro-island[^>]*>/.exec(html)![0];
    expect(tag).toContain(
      ' data-preload="/_astro/ContactForm.a1.js /_astro/SubmissionForm.b2.js /_astro/rolldown-runtime.e5.js /_astro/react.f6.js /_astro/jsx-runtime.c3.js /_astro/side-effect.d4.js /_astro/client.i9.js">',
    );
    expect(html.replace(/ data-preload="[^"]*"/g, '')).toBe(
      page(island('ContactForm.a1.js', '<form id="form-contact"><input name="a"></form>')),
    );
  });

  it('leaves other islands as they are, and a client:form island without a form', () => {
    const html = page(
      island('MobileMenu.j0.js', '<nav><button popovertarget="m">Menu</button></nav>', 'interaction') +
        island('ContactForm.a1.js', '<form></form>', 'load') +
        island('ContactForm.a1.js', '<div></div>'),
    );
    expect(withIslandGraphs(html, read)).toBe(html);
  });

  it('finds the form inside its own island when islands follow each other, and replaces a list written before', () => {
    const html = page(island('MobileMenu.j0.js', '<nav></nav>') + '<p>text</p>' + island('ContactForm.a1.js', '<form></form>'));
    // The menu is a client:form island here too, but holds no form.
    const once = withIslandGraphs(html, read);
    expect(once.match(/data-preload=/g)).toHaveLength(1);
    expect(/<astro-island[^>]*>/.exec(once)![0]).not.toContain('data-preload');
    expect(withIslandGraphs(once, read)).toBe(once);
  });
});
