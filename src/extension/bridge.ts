// bridge.js: the companion extension's script in its isolated world, at document_start in every
// http(s) page and frame, before inpage.js. It cannot be reached by the page except through:
// - the private channel it hands inpage.js (a MessagePort posted to this window only, which
//   inpage.js takes before any listener of the page sees it): requests go on to the background;
// - in Cairn's window opened by the background: Cairn's own `ready`, posted to itself.
import { startBridge } from './bridgeParts';
import { extensionApi } from './chromeApi';

startBridge(window, extensionApi(), setInterval);
