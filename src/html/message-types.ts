/** The shape of one language's interface strings for the HTML views: error and linkset pages, product pages. */

export interface ErrorText {
  readonly title: string
  readonly message: string
}

/** Strings of the product pages `/{locale}/{brand}/{product}/{page}`. */
export interface PageMessages {
  /** Label of the language picker. */
  readonly languages: string
  /** Heading and label of the links to the product's pages. */
  readonly pages: string
  /** Heading of the lot, serial and expiry details of the scanned item. */
  readonly thisItem: string
  /** Labels of AI 10 (batch/lot), AI 21 (serial number) and AI 17 (expiry date). */
  readonly details: { readonly lot: string; readonly serial: string; readonly expiry: string }
  /** Footer link to the HTML linkset. */
  readonly allLinks: string
  /** Shown on a page that has a title in this language but no text (and no image) to show. */
  readonly noText: string
  /** The 404 page of a page path. */
  readonly notFound: ErrorText
}

export interface Messages {
  /** The service's name in the page header when no brand is known. */
  readonly banner: string
  readonly errors: {
    readonly 400: ErrorText
    readonly 404: ErrorText
    readonly 405: ErrorText
    readonly 500: ErrorText
  }
  /** Fallback for a status without its own text. */
  readonly error: ErrorText
  readonly linksetTitle: string
  readonly linksetIntro: string
  /** Label of the linkset's anchor (the product's GS1 Digital Link). */
  readonly identifier: string
  /** Marks the product's default page on the linkset page. */
  readonly defaultPage: string
  /** The 404 of a product without a page of the requested `linkType`. */
  readonly noPageOfType: ErrorText
  readonly page: PageMessages
}
