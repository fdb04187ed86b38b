import { useEffect, useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { ListPlus } from 'lucide-react';
import { useLocation } from 'react-router';
import { anchoredCommentId } from '@app/contracts/site-routes';
import type { RelatedTitle } from '@app/contracts';
import { useAuth } from '../../lib/auth';
import { useLoginRedirect } from '../../lib/guards';
import { trans } from '../../lib/i18n';
import { retryableLazy } from '../../lib/retryable-lazy';
import { buttonClass } from '../../ui/Button';
import { LazyPart } from '../../ui/LazyPart';
import { HERO_ACTION } from '../ui/PlayButtons';
import { PosterCardSkeleton } from '../ui/PosterCardSkeleton';
import { RELATED_GRID_CLASS } from './PageState';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/*
 * The title page's first load carries only what the first screen shows (issue 10: at most 150 KB of JS). Reviews,
 * comments and related titles sit below the fold and bring forms, validation schemas, dialogs and link parsing with
 * them: their code and their data calls start when the visitor scrolls near them. The "Add to list" menu's code
 * (dropdown, list form, dialog) is only for signed-in users; a visitor's button just leads to sign-in.
 */
const TitleReviews = retryableLazy(() => import('../reviews/TitleReviews'), (m) => m.TitleReviews);
const CommentsSection = retryableLazy(() => import('../comments/CommentsSection'), (m) => m.CommentsSection);
const RelatedGrid = retryableLazy(() => import('./RelatedGrid'));
const AddToListMenu = retryableLazy(() => import('../lists/AddToListMenu'), (m) => m.AddToListMenu);

/** How far below the viewport a deferred section starts loading: about a screen, so it is usually there on arrival. */
const AHEAD = '0px 0px 800px 0px';

/** True once `ref`'s element has come within AHEAD of the viewport (at once where IntersectionObserver is missing, or `now`). */
function useNear<T extends Element>(now: boolean): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(now);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: AHEAD });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near];
}

/** The section's frame (same data-section and heading as the real one) with a skeleton, until its code has loaded. */
function Placeholder({ id, title, innerRef, skeleton, children }: { id: string; title: string; innerRef?: Ref<HTMLElement>; skeleton?: ReactNode; children?: ReactNode }) {
  return (
    <section ref={innerRef} aria-labelledby={`section-${id}`} aria-busy={children ? undefined : true} className={cn(PAGE_WIDTH, 'py-6')} data-section={id}>
      <h2 id={`section-${id}`} className="mb-4 text-xl font-semibold">{title}</h2>
      {children ?? skeleton ?? <div className="skeleton h-32 w-full" />}
    </section>
  );
}

/**
 * Brings a section asked for by the address (`#comments`, a reply notification's link) into view once it has
 * rendered, and again a moment later: sections above it that load meanwhile move it down.
 */
function ScrollIntoView({ id }: { id: string }) {
  useEffect(() => {
    // A linked comment (`#comment-77`) once it has loaded, its section until then.
    const go = () => (document.getElementById(window.location.hash.slice(1)) ?? document.getElementById(id))?.scrollIntoView({ block: 'start' });
    go();
    const later = window.setTimeout(go, 700);
    return () => window.clearTimeout(later);
  }, [id]);
  return null;
}

/** `skeleton` stands in for the section when its shape is known before its code (the related titles' cards). */
function WhenNear({ id, title, skeleton, children }: { id: string; title: string; skeleton?: ReactNode; children: ReactNode }) {
  const { hash } = useLocation();
  const asked = hash === `#${id}` || (id === 'comments' && anchoredCommentId(hash) !== null);
  const [ref, near] = useNear<HTMLElement>(asked);
  const placeholder = <Placeholder id={id} title={title} skeleton={skeleton} />;
  return (
    <div id={id} className="scroll-mt-20">
      {near ? (
        <LazyPart fallback={placeholder} frame={(notice) => <Placeholder id={id} title={title}>{notice}</Placeholder>}>
          {children}{asked && <ScrollIntoView id={id} />}
        </LazyPart>
      ) : <Placeholder id={id} title={title} innerRef={ref} skeleton={skeleton} />}
    </div>
  );
}

export function DeferredReviews({ titleId }: { titleId: number }) {
  return <WhenNear id="reviews" title={trans('Reviews')}><TitleReviews titleId={titleId} /></WhenNear>;
}

/**
 * The comments section's shape before its code and first page arrive: the comment form (a member) or the sign-in
 * line (a guest), then one line where "No comments yet" or the first comment goes. The section only grows when it
 * loads, never shrinks (a 128 px bar shrank to the guest's two lines and pulled the page up).
 */
export function CommentsSkeleton() {
  const { isLoggedIn } = useAuth();
  return (
    <div className="flex flex-col gap-4" data-testid="comments-skeleton">
      <div className={isLoggedIn ? 'skeleton h-[7.375rem] w-full' : 'skeleton h-5 w-40'} />
      <div className="skeleton h-5 w-32" />
    </div>
  );
}

export function DeferredComments({ titleId }: { titleId: number }) {
  return <WhenNear id="comments" title={trans('Comments')} skeleton={<CommentsSkeleton />}><CommentsSection type="title" id={titleId} /></WhenNear>;
}

export function DeferredRelated({ titles }: { titles: RelatedTitle[] }) {
  if (!titles.length) return null;
  // The titles are here already (only the grid's code is not): one card skeleton each, so nothing below moves when it loads.
  const skeleton = <div className={RELATED_GRID_CLASS} aria-hidden="true">{titles.map((t) => <PosterCardSkeleton key={t.id} />)}</div>;
  return <WhenNear id="related" title={trans('Related titles')} skeleton={skeleton}><RelatedGrid titles={titles} /></WhenNear>;
}

const TRIGGER = buttonClass('outline', 'md', HERO_ACTION);

/** "Add to list": a visitor is sent to sign in; a signed-in user gets the menu (its code loads with the page). */
export function AddToList({ titleId }: { titleId: number }) {
  const { user } = useAuth();
  const toLogin = useLoginRedirect();
  if (!user) {
    return <button type="button" className={TRIGGER} onClick={toLogin}><ListPlus size="1.125rem" aria-hidden />{trans('Add to list')}</button>;
  }
  // Disabled until the menu's code is there, so a click is never lost on a stand-in.
  const waiting = <button type="button" className={TRIGGER} disabled><ListPlus size="1.125rem" aria-hidden />{trans('Add to list')}</button>;
  return <LazyPart fallback={waiting} compact><AddToListMenu titleId={titleId} /></LazyPart>;
}
