// Text from servers, files and users shown inside markdown (tooltips): escaped, so it reads as text.

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
