/** Decodes a QR code PNG (as the provider serves it) to its text. */
import jsQR from 'jsqr'
import { PNG } from 'pngjs'

export function decodeQrPng(png: Buffer): string {
  const image = PNG.sync.read(png)
  const result = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)
  if (!result) throw new Error('the image holds no readable QR code')
  return result.data
}
