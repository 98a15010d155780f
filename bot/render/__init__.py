"""What a message shows: words, Components V2 layouts, pictures, card emojis, web links."""
