// The Element Timing API's attribute (https://w3c.github.io/element-timing/): the browser reports
// when an element so marked is first painted. React passes it through to the DOM as it is.
import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
