import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** Which sides of a sideways-scrolling frame hide content. */
interface Hidden {
  left: boolean;
  right: boolean;
}

/**
 * A table wider than the screen (a phone's 390 px) scrolls sideways inside its frame. Without a sign
 * the last columns look like the table's end: the edge that hides columns fades, and a line above
 * the frame says there is more and which way. Both follow the scroll position and the frame's size.
 */
export function ScrollFrame({
  className,
  label,
  children,
}: {
  /** The frame's own classes ('table-wrap', ...): the element that scrolls. */
  className: string;
  /** A label makes the frame a named, keyboard-reachable region (axe scrollable-region-focusable). */
  label?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ left: false, right: false });
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const measure = () => {
      const room = frame.scrollWidth - frame.clientWidth;
      const left = frame.scrollLeft > 1;
      const right = room - frame.scrollLeft > 1;
      setHidden((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    frame.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(frame);
    if (frame.firstElementChild) resize.observe(frame.firstElementChild);
    return () => {
      frame.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, []);
  const more = hidden.left || hidden.right;
  return (
    <>
      {more && (
        // The table itself is read in full by a screen reader; the hint, above the frame so a long table
        // does not push it off-screen, is for eyes.
        <p className="scroll-hint" aria-hidden="true">
          {hidden.right ? 'More columns: scroll sideways →' : '← More columns to the left'}
        </p>
      )}
      <div
        className="scroll-frame"
        data-hidden-left={hidden.left || undefined}
        data-hidden-right={hidden.right || undefined}
      >
        {label ? (
          <section
            ref={ref}
            className={className}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways on a phone must be reachable by keyboard to scroll (axe scrollable-region-focusable)
            tabIndex={0}
            aria-label={label}
          >
            {children}
          </section>
        ) : (
          <div ref={ref as RefObject<HTMLDivElement | null>} className={className}>
            {children}
          </div>
        )}
      </div>
    </>
  );
}
