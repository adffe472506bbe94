// The provider's custom element, defined by its embed script (see load-widget-script.ts).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'elevenlabs-convai': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        'agent-id': string;
        /** A JSON object of strings: this student's session variables. */
        'dynamic-variables'?: string;
      };
    }
  }
}
