// What the route table's pages and popups receive.
import type { ComponentType } from 'react';
import type { RouteParams } from '../../lib/route-match';

export interface PageProps {
  /** The route's path params, decoded (`{ projectName: 'radar' }`). */
  params: RouteParams;
  /** The shell hands every route component a `close`; only popups use it (see PopupProps). */
  close?: () => void;
}

export interface PopupProps extends PageProps {
  /** Clears the popup outlet (the URL loses its `(popup:...)` part; the history entry is replaced). */
  close: () => void;
}

/** A page or popup component of the route table; pages simply ignore `close`. */
export type RouteComponent = ComponentType<PopupProps>;
