// Command plainhello is the reference of `rdash --help`: a plain Go program
// that prints one line.
package main

import "fmt"

func main() { fmt.Println("Hello, world") }
