/**
 * The home page hero. Server-rendered in full (the <h1> and the call to
 * action are in the HTML); hydrated on the first scroll or interaction
 * (client:interaction="scroll"), its background layers then move with
 * scroll at different speeds. Under prefers-reduced-motion nothing moves:
 * no parallax and no floating words. The words keep to a strip beside the
 * text where the hero is wide enough, and are not shown elsewhere.
 */
import { useEffect, useRef } from 'react';
import RoleAvatars from '../hero/RoleAvatars';

interface Props {
  heading: string;
  lead?: string;
  action: { label: string; href: string };
  hashtags: string[];
  floatingWords: string[];
  roles: string[];
  /** Screen-reader names of the two lists (content/ui.yaml). */
  labels: { hashtags: string; roles: string };
}

/** Speed of each layer relative to the scroll position. */
const LAYER_SPEEDS = [0.15, 0.3, 0.45];

export default function ParallaxHero({ heading, lead, action, hashtags, floatingWords, roles, labels }: Props) {
  const layers = useRef<(HTMLDivElement | null)[]>([]);

  useEffect(() => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
    let frame = 0;
    const apply = () => {
      frame = 0;
      const y = reduced.matches ? 0 : window.scrollY;
      layers.current.forEach((layer, i) => {
        if (layer) layer.style.transform = `translate3d(0, ${y * LAYER_SPEEDS[i]}px, 0)`;
      });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(apply);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    reduced.addEventListener('change', apply);
    apply();
    return () => {
      window.removeEventListener('scroll', onScroll);
      reduced.removeEventListener('change', apply);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <section className="@container relative isolate overflow-hidden bg-ink-900 text-white" data-parallax-hero="">
      {/* Faint background art, exempt from contrast rules (WCAG 1.4.3, incidental): inert takes it out of
          focus, the accessibility tree and contrast checkers (axe, Lighthouse) alike. */}
      <div aria-hidden="true" inert data-decorative="" className="pointer-events-none absolute inset-0 -z-10">
        {/* Two glows (.hero-glow: gradients shaped as the 64 px blur of a disc they replaced, without its paint cost). */}
        <div
          ref={(el) => {
            layers.current[0] = el;
          }}
          className="hero-glow absolute -top-56 -left-56 h-[40rem] w-[40rem] text-brand-700 forced-colors:hidden"
        />
        <div
          ref={(el) => {
            layers.current[1] = el;
          }}
          className="hero-glow absolute -top-8 -right-28 h-[34rem] w-[34rem] text-accent-600 forced-colors:hidden"
        />
        {/* The floating words keep to a strip right of the text, shown only where the hero is wide enough
            for one (a container query in rem, so larger text hides them too): they never sit over the heading,
            the paragraph or the buttons. Forced colours would paint them as solid text: hidden there. */}
        <div
          ref={(el) => {
            layers.current[2] = el;
          }}
          className="absolute inset-0 mx-auto hidden max-w-6xl @5xl:block forced-colors:hidden"
          data-floating-words=""
        >
          <div className="absolute inset-y-0 right-8 w-52">
            {floatingWords.map((word, i) => (
              // Decorative text: hidden from assistive technology with the whole layer (aria-hidden above).
              <span
                key={word}
                className="floating-word absolute text-4xl font-bold whitespace-nowrap text-white/15"
                style={{ top: `${15 + i * 20}%`, left: `${i % 2 ? 20 : 0}%`, animationDelay: `${i * 1.5}s` }}
              >
                {word}
              </span>
            ))}
          </div>
        </div>
      </div>
      <div className="container-page py-24 sm:py-32">
        {/* Beside the floating words' strip: never under them. */}
        <div className="@5xl:mr-60">
          <h1 className="max-w-3xl text-5xl font-extrabold tracking-tight sm:text-6xl">{heading}</h1>
          {lead && <p className="mt-6 max-w-2xl text-lg text-ink-200 sm:text-xl">{lead}</p>}
          <a href={action.href} className="btn mt-8 bg-white text-ink-900 hover:bg-brand-50">
            {action.label}
          </a>
          <ul className="mt-8 flex flex-wrap gap-2" aria-label={labels.hashtags}>
            {hashtags.map((tag) => (
              <li key={tag} className="rounded-full border border-white/30 px-3 py-1 text-sm text-ink-50">
                {tag}
              </li>
            ))}
          </ul>
          <RoleAvatars roles={roles} label={labels.roles} />
        </div>
      </div>
    </section>
  );
}
