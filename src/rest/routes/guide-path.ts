/** Where the service serves the documentation site (the site is built for this base). */
export const GUIDE_PATH = '/guide';
