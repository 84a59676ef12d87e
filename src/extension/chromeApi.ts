// The few browser-extension APIs Cairn's extension uses, typed here (no @types package): Chromium's
// `chrome.*`, which Firefox also offers, with promises, in Manifest V3.

export type MessageSender = {
  /** The sending document's origin as the browser knows it ("null" for an opaque one). */
  origin?: string;
  frameId?: number;
  /** The tab of the sending frame; its URL is the top page's (known for pages the extension runs in). */
  tab?: { id?: number; url?: string };
};

export type RuntimePort = {
  readonly name: string;
  readonly sender?: MessageSender;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
};

export type RegisteredScript = {
  id: string;
  js: string[];
  matches: string[];
  excludeMatches?: string[];
  allFrames: boolean;
  runAt: 'document_start';
  world: 'MAIN';
  persistAcrossSessions: boolean;
};

export type Chrome = {
  action: {
    /** The tab the person clicked the button in (its id; the browser gives no more without `tabs`). */
    onClicked: { addListener(listener: (tab?: { id?: number }) => void): void };
    setBadgeText(details: { tabId: number; text: string }): Promise<void>;
    setTitle(details: { tabId: number; title: string }): Promise<void>;
  };
  runtime: {
    connect(info: { name: string }): RuntimePort;
    onConnect: { addListener(listener: (port: RuntimePort) => void): void };
    onInstalled: { addListener(listener: () => void): void };
    onStartup: { addListener(listener: () => void): void };
    openOptionsPage(): Promise<void>;
  };
  windows: {
    create(options: {
      url: string;
      type: 'popup';
      width: number;
      height: number;
      focused: boolean;
    }): Promise<{ id?: number; tabs?: { id?: number }[] }>;
    update(windowId: number, options: { focused: boolean }): Promise<unknown>;
    remove(windowId: number): Promise<void>;
    onRemoved: { addListener(listener: (windowId: number) => void): void };
  };
  scripting: {
    registerContentScripts(scripts: RegisteredScript[]): Promise<void>;
    unregisterContentScripts(filter?: { ids: string[] }): Promise<void>;
    getRegisteredContentScripts(): Promise<RegisteredScript[]>;
  };
  storage: {
    local: {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' }): Promise<void>;
    };
    onChanged: { addListener(listener: (changes: Record<string, unknown>, area: string) => void): void };
  };
  i18n: { getMessage(name: string, substitutions?: string[]): string; getUILanguage(): string };
};

/** The extension APIs of the context this runs in. */
export const extensionApi = (): Chrome => (globalThis as unknown as { chrome: Chrome }).chrome;
