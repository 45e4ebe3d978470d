import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AdminSection } from '../admin-sections';

/** `overview` is /admin itself; the others are SPEC.md section 2's /admin/{id} routes. */
export type AdminRouteId = AdminSection | 'overview';

/**
 * The section registry: a section is ONE file, `sections/<route id>.section.tsx`, whose default
 * export is the section's content (the frame, title and navigation are AdminPage's). Vite finds
 * the files (import.meta.glob, lazy: each section is its own chunk), so adding a section edits no
 * shared line. A route with no file yet says so instead.
 */
const modules = import.meta.glob<{ default: ComponentType }>('./*.section.tsx');

const loaded = new Map<AdminRouteId, LazyExoticComponent<ComponentType>>();

export function sectionComponent(id: AdminRouteId): LazyExoticComponent<ComponentType> | null {
  const load = modules[`./${id}.section.tsx`];
  if (!load) return null;
  let component = loaded.get(id);
  if (!component) {
    component = lazy(load);
    loaded.set(id, component);
  }
  return component;
}
