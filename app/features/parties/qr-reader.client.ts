/**
 * Reads QR codes in the browser, loaded only when a member presses "Scan" (or picks a
 * photo): the browser's own BarcodeDetector where it reads QR codes, otherwise the
 * `barcode-detector` package's fallback (ZXing compiled to WebAssembly), whose .wasm file
 * Glow serves itself from its hashed static assets — never from a CDN (decision 0603).
 */
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

export interface QrReader {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}

interface NativeDetector {
  new (options: { formats: string[] }): QrReader;
  getSupportedFormats(): Promise<string[]>;
}

export async function qrReader(): Promise<QrReader> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    return new native({ formats: ["qr_code"] });
  }
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}
