# GPT-2 cut to two blocks (width as GPT-2 124M, from its published configuration, no weights) in
# KernelBench level-4 style: batch 8 x sequence 256 of token ids, logits out.
import torch
from transformers import AutoModelForCausalLM, GPT2Config

BATCH, SEQUENCE, LAYERS = 8, 256, 2


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.model = AutoModelForCausalLM.from_config(GPT2Config(n_layer=LAYERS))

    def forward(self, x):
        return self.model(x).logits


def get_inputs():
    return [torch.randint(0, 50257, (BATCH, SEQUENCE))]


def get_init_inputs():
    return []
